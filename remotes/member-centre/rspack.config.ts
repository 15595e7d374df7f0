import path from 'node:path';
import { remoteRspackConfig } from '@khela/mf-config/rspack';

export default remoteRspackConfig({
  remote: 'member-centre',
  dirname: path.dirname(new URL(import.meta.url).pathname),
  devPort: 3013,
  exposes: { './MemberCentre': './src/exposed/MemberCentre.tsx', './MemberPage': './src/exposed/MemberPage.tsx' },
  // what the origin draws on a member-centre address before any script runs
  firstView: './src/frame/first-view.ts',
});
