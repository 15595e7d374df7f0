import '../i18n';
import { LobbyFrame } from '../components/LobbyFrame';
import { HomePage as Home } from '../features/home/HomePage';

/** The home lobby: banners, notices, game menu, winners board and the game sections. */
export default function HomePage() {
  return (
    <LobbyFrame testId="home-page">
      <Home />
    </LobbyFrame>
  );
}
