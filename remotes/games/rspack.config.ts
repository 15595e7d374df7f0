import path from 'node:path';
import { remoteRspackConfig } from '@khela/mf-config/rspack';

export default remoteRspackConfig({
  remote: 'games',
  dirname: path.dirname(new URL(import.meta.url).pathname),
  devPort: 3017,
  exposes: {
    './GamePage': './src/exposed/GamePage.tsx',
    './VerifyPage': './src/exposed/VerifyPage.tsx',
  },
});
