import { publishAndPromoteAll } from './releases';

publishAndPromoteAll()
  .then((p) => console.log(`[khela] published and promoted: shell ${p.shell}, ${Object.entries(p.remotes).map(([n, e]) => `${n} ${e?.version}`).join(', ')}`))
  .catch((err) => {
    console.error(`[khela] publish failed: ${err.message}`);
    process.exit(1);
  });
