import { ReleaseRefusal } from './refusal';
import { publishAndPromoteAll } from './release-tool';

publishAndPromoteAll()
  .then((p) =>
    console.log(
      `[khela] published and promoted: shell ${p.shell}, ${Object.entries(p.remotes)
        .map(([n, e]) => `${n} ${e?.version}`)
        .join(', ')}`,
    ),
  )
  .catch((err) => {
    if (err instanceof ReleaseRefusal) {
      console.error('[khela] publish refused:');
      for (const p of err.problems) console.error(`  - ${p.message}\n    what to do: ${p.hint}`);
    } else {
      console.error(`[khela] publish failed: ${err.message}`);
    }
    process.exit(1);
  });
