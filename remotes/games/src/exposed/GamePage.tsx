import '../i18n';
import '../games.css';
import { GameScreen } from '../features/play/GameScreen';

/** /play/:gameCode?token=…: one of the platform's own games. */
export default function GamePage() {
  return (
    <div className="kg-root">
      <GameScreen />
    </div>
  );
}
