import path from 'node:path';
import { remoteRspackConfig } from '@khela/mf-config/rspack';

export default remoteRspackConfig({
  remote: 'points-mall',
  dirname: path.dirname(new URL(import.meta.url).pathname),
  devPort: 3016,
  exposes: { './PointMall': './src/exposed/PointMall.tsx' },
});
