// All eight builds in one Rspack MultiCompiler run: they compile in parallel in one process.
import shell from './shell/rspack.config';
import lobby from './remotes/lobby/rspack.config';
import authModals from './remotes/auth-modals/rspack.config';
import memberCentre from './remotes/member-centre/rspack.config';
import agentCentre from './remotes/agent-centre/rspack.config';
import promotions from './remotes/promotions/rspack.config';
import pointsMall from './remotes/points-mall/rspack.config';
import games from './remotes/games/rspack.config';

export default [shell, lobby, authModals, memberCentre, agentCentre, promotions, pointsMall, games];
