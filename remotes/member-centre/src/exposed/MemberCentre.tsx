import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { NavLink, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isFlagEnabled } from '@khela/api';
import { permissionAtom } from '@khela/session';
import { EmptyState, Loading } from '@khela/ui';
import { MemberTop } from '../frame/MemberTop';
import { useBadges } from '../frame/useBadges';
import { NS } from '../i18n';
import {
  DEFAULT_PAGE,
  MENU_GROUPS,
  PAGE_BADGES,
  PAGE_COMPONENTS,
  PAGE_FLAGS,
  isMemberPage,
  openingPage,
  type MemberPage,
} from '../pages';
import '../member.css';

// the page the address opens: its chunk is asked for as this module is evaluated (beside the
// member's summary and the centre's first render), not once the centre has rendered and navigated
const opening = typeof window === 'undefined' ? undefined : openingPage(window.location.pathname);
if (opening) PAGE_COMPONENTS[opening]?.preload();

function MemberPageView() {
  const { t } = useTranslation(NS);
  const { page = '' } = useParams();
  if (!isMemberPage(page)) return <EmptyState>{t('unknownPage')}</EmptyState>;
  const Page = PAGE_COMPONENTS[page];
  return (
    <section data-testid={`member-page-${page}`}>
      <h2>{t(`pages.${page}`)}</h2>
      {Page ? (
        <Suspense fallback={<Loading label={t('loadingPage')} />}>
          <Page />
        </Suspense>
      ) : (
        <EmptyState>{t('nothingYet')}</EmptyState>
      )}
    </section>
  );
}

/** Unread badges on the mission, message and reward items, only when above 0. */
function Badge({ count, page }: { count: number; page: MemberPage }) {
  const { t } = useTranslation(NS);
  return count > 0 ? (
    <span className="member-badge" data-testid={`badge-${page}`} aria-label={t('unread', { count })}>
      {count}
    </span>
  ) : null;
}

/** Pages the operator has switched off are not in the menu (PAGE_FLAGS: the referral page follows REFERRAL3). */
function useHidden(): Set<MemberPage> {
  const permission = useAtomValue(permissionAtom);
  const hidden = new Set<MemberPage>();
  if (permission)
    for (const [page, flag] of Object.entries(PAGE_FLAGS) as [MemberPage, string][])
      if (!isFlagEnabled(permission.whitelabel, flag)) hidden.add(page);
  return hidden;
}

export default function MemberCentre() {
  const { t } = useTranslation(NS);
  const badges = useBadges();
  const hidden = useHidden();
  return (
    <div className="member" data-testid="member-centre">
      <nav className="member-menu" aria-label={t('title')}>
        <h1>{t('title')}</h1>
        <MemberTop />
        {MENU_GROUPS.map((g) => (
          <div key={g.key} className="member-group" role="group" aria-labelledby={`member-group-${g.key}`}>
            <h3 id={`member-group-${g.key}`}>{t(`groups.${g.key}`)}</h3>
            <ul>
              {g.pages
                .filter((p) => !hidden.has(p))
                .map((p) => {
                  const badge = PAGE_BADGES[p];
                  return (
                    <li key={p}>
                      <NavLink to={`/member/${p}`} data-testid={`menu-${p}`}>
                        {t(`pages.${p}`)} {badge ? <Badge count={badges[badge]} page={p} /> : null}
                      </NavLink>
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="member-content">
        <Routes>
          <Route index element={<Navigate to={DEFAULT_PAGE} replace />} />
          <Route path=":page/*" element={<MemberPageView />} />
        </Routes>
      </div>
    </div>
  );
}
