import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Loading } from '@khela/ui';
import { RemoteArea } from '../federation/RemoteArea';
import { BareLayout, Layout } from './layout/Layout';
import { OpenModalOnEnter, RequireAgent, RequireMember, RequireToken } from './guards';
import { AreaLoading, HomeLoading } from './first-view';

/** The agent centre shows the member centre's and the news centre's pages through this (its own chunk). */
const AGENT_HOME_PROPS = { Embed: lazy(() => import('./agentEmbeds')) };

const HOME_PATHS = ['/', '/index', '/index.html', '/home'];
const GAME_CENTRES = ['SPORTS', 'ESPORTS', 'LIVE', 'LOTT', 'ELOTT'] as const;
const GAME_LISTS = ['HOT', 'FISH', 'RNG', 'PVP'] as const;
const LOTTERY_PAGES = { '/lottery': 'LOTTERY', '/seaLottery': 'SEA', '/vnLottery': 'VN' } as const;

// the live chat's pages: their own chunks, fetched only when opened (never by a guest's first page)
const PlayerChat = lazy(() => import(/* webpackChunkName: "live-chat" */ '../features/live/chat/PlayerChat'));
const OperatorChat = lazy(() => import(/* webpackChunkName: "ops-chat" */ '../features/live/chat/OperatorChat'));

const Home = () => <RemoteArea remote="lobby" module="HomePage" loading={<HomeLoading />} />;

function HelpRoute() {
  const { hash } = useLocation();
  return (
    <>
      <Home />
      <OpenModalOnEnter modal={{ key: 'helpModal', props: hash ? { anchor: hash.slice(1) } : undefined }} />
    </>
  );
}

/** Every route of the storefront spec, each mounted from the remote that owns it. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {HOME_PATHS.map((path) => (
          <Route key={path} path={path} element={<Home />} />
        ))}
        <Route
          path="/login"
          element={
            <>
              <Home />
              <OpenModalOnEnter modal={{ key: 'loginPopupModal' }} />
            </>
          }
        />
        <Route
          path="/register"
          element={
            <>
              <Home />
              <OpenModalOnEnter modal={{ key: 'registerModal' }} />
            </>
          }
        />
        <Route path="/help" element={<HelpRoute />} />
        <Route path="/helpmc" element={<RemoteArea remote="promotions" module="HelpCentre" />} />
        {GAME_CENTRES.map((type) => (
          <Route
            key={type}
            path={`/${type.toLowerCase()}`}
            element={<RemoteArea remote="lobby" module="GameCentre" props={{ gameType: type }} />}
          />
        ))}
        {GAME_LISTS.map((type) => (
          <Route
            key={type}
            path={`/${type.toLowerCase()}`}
            element={<RemoteArea remote="lobby" module="GameList" props={{ gameType: type }} loading={<AreaLoading />} />}
          />
        ))}
        {(['favorite', 'recent'] as const).map((type) => (
          <Route
            key={type}
            path={`/${type}`}
            element={
              <RequireMember fallback={<Home />}>
                <RemoteArea remote="lobby" module="AccountGameList" props={{ listType: type }} />
              </RequireMember>
            }
          />
        ))}
        {Object.entries(LOTTERY_PAGES).map(([path, area]) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireToken>
                <RemoteArea remote="lobby" module="LotteryPage" props={{ lotteryArea: area }} />
              </RequireToken>
            }
          />
        ))}
        <Route
          path="/promotions"
          element={<RemoteArea remote="promotions" module="PromotionsPage" loading={<AreaLoading />} />}
        />
        <Route path="/notice" element={<RemoteArea remote="promotions" module="NoticeCentre" />} />
        <Route path="/noticecontent" element={<RemoteArea remote="promotions" module="NoticeContent" />} />
        <Route path="/pointMall" element={<RemoteArea remote="points-mall" module="PointMall" />} />
        <Route
          path="/member/*"
          element={
            <RequireMember fallback={<Home />} refuseTrial pending={<AreaLoading />}>
              <RemoteArea remote="member-centre" module="MemberCentre" loading={<AreaLoading />} />
            </RequireMember>
          }
        />
        {/* an unknown game path goes to the hot list */}
        <Route
          path="*"
          element={<RemoteArea remote="lobby" module="GameList" props={{ gameType: 'HOT' }} loading={<AreaLoading />} />}
        />
      </Route>
      <Route element={<Layout footer={false} />}>
        <Route path="/seamless" element={<RemoteArea remote="lobby" module="SeamlessPage" />} />
        {/* the platform's own games: the header (and its live balance) stays while playing */}
        <Route path="/play/verify" element={<RemoteArea remote="games" module="VerifyPage" />} />
        <Route
          path="/play/:gameCode"
          element={
            <RequireMember fallback={<Home />}>
              <RemoteArea remote="games" module="GamePage" />
            </RequireMember>
          }
        />
      </Route>
      <Route element={<BareLayout />}>
        {/* the chat's customer-service window (440 by 750) and the operators' answering desk */}
        <Route
          path="/livechat"
          element={
            <Suspense fallback={<Loading />}>
              <PlayerChat />
            </Suspense>
          }
        />
        <Route
          path="/operators/chat"
          element={
            <Suspense fallback={<Loading />}>
              <OperatorChat />
            </Suspense>
          }
        />
        <Route path="/agent" element={<RemoteArea remote="auth-modals" module="AgentLanding" />} />
        <Route
          path="/agentHome/*"
          element={
            <RequireAgent>
              <RemoteArea remote="agent-centre" module="AgentHome" props={AGENT_HOME_PROPS} />
            </RequireAgent>
          }
        />
      </Route>
    </Routes>
  );
}
