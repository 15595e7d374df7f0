import '../i18n';
import { LobbyFrame } from '../components/LobbyFrame';
import { LaunchView } from '../features/launch/LaunchView';

/** The seamless game page (no footer): the platform's launch page. */
export default function SeamlessPage() {
  return (
    <LobbyFrame className="lobby-list" testId="seamless-page">
      <LaunchView />
    </LobbyFrame>
  );
}
