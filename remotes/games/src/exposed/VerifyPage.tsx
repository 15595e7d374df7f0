import '../i18n';
import '../games.css';
import { VerifyScreen } from '../features/verify/VerifyScreen';

/** /play/verify[?round=…&token=…]: recompute a round in the browser. */
export default function VerifyPage() {
  return (
    <div className="kg-root">
      <VerifyScreen />
    </div>
  );
}
