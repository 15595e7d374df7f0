import path from 'node:path';
import { remoteRspackConfig } from '@khela/mf-config/rspack';

export default remoteRspackConfig({
  remote: 'lobby',
  dirname: path.dirname(new URL(import.meta.url).pathname),
  devPort: 3011,
  exposes: {
    './HomePage': './src/exposed/HomePage.tsx',
    './GameCentre': './src/exposed/GameCentre.tsx',
    './GameList': './src/exposed/GameList.tsx',
    './AccountGameList': './src/exposed/AccountGameList.tsx',
    './LotteryPage': './src/exposed/LotteryPage.tsx',
    './SeamlessPage': './src/exposed/SeamlessPage.tsx',
  },
  // what the origin draws on a game list's address before any script runs
  firstView: './src/first-view.ts',
});
