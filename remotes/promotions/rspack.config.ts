import path from 'node:path';
import { remoteRspackConfig } from '@khela/mf-config/rspack';

export default remoteRspackConfig({
  remote: 'promotions',
  dirname: path.dirname(new URL(import.meta.url).pathname),
  devPort: 3015,
  exposes: {
    './PromotionsPage': './src/exposed/PromotionsPage.tsx',
    './NoticeCentre': './src/exposed/NoticeCentre.tsx',
    './NoticeContent': './src/exposed/NoticeContent.tsx',
    './HelpCentre': './src/exposed/HelpCentre.tsx',
  },
  // what the origin draws on /promotions before any script runs
  firstView: './src/first-view.ts',
});
