import path from 'node:path';
import { remoteRspackConfig } from '@khela/mf-config/rspack';

export default remoteRspackConfig({
  remote: 'auth-modals',
  dirname: path.dirname(new URL(import.meta.url).pathname),
  devPort: 3012,
  exposes: { './AuthModals': './src/exposed/AuthModals.tsx', './AgentLanding': './src/exposed/AgentLanding.tsx' },
});
