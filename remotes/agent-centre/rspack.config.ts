import path from 'node:path';
import { remoteRspackConfig } from '@khela/mf-config/rspack';

export default remoteRspackConfig({
  remote: 'agent-centre',
  dirname: path.dirname(new URL(import.meta.url).pathname),
  devPort: 3014,
  exposes: { './AgentHome': './src/exposed/AgentHome.tsx' },
});
