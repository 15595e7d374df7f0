// What the platform's builds get when they import 'react-router-dom'. The shared singleton
// 'react-router-dom' is provided from this file instead of the package itself: a shared module
// cannot be tree-shaken (any remote may use any export), so sharing the whole package costs every
// guest about 59 KB gzip for the data routers, loaders and forms nobody here uses. Re-exporting
// the subset the platform uses lets the bundler drop the rest inside react-router itself.
// A name that is missing here fails the build-time check in subsets.test.ts, not a player.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useMatch,
  useOutletContext,
  useHref,
  useResolvedPath,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router';
