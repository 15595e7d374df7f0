import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { NavLink, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginStateAtom, publicStateAtom } from '@khela/session';
import { EmptyState, Loading } from '@khela/ui';
import { NS } from '../i18n';
import { MEMBER_PAGES, PAGE_COMPONENTS, isMemberPage } from '../pages';
import '../member.css';

function MemberPage() {
  const { t } = useTranslation(NS);
  const { page = '' } = useParams();
  if (!isMemberPage(page)) return <EmptyState>{t('unknownPage')}</EmptyState>;
  const Page = PAGE_COMPONENTS[page];
  return (
    <section data-testid={`member-page-${page}`}>
      <h2>{t(`pages.${page}`)}</h2>
      {Page ? (
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      ) : (
        <EmptyState>{t('nothingYet')}</EmptyState>
      )}
    </section>
  );
}

/** Unread badges on the mission, message and reward items, only when above 0. */
function Badge({ count }: { count: number }) {
  return count > 0 ? <span className="member-badge">{count}</span> : null;
}

export default function MemberCentre() {
  const { t } = useTranslation(NS);
  const login = useAtomValue(loginStateAtom);
  const pub = useAtomValue(publicStateAtom);
  const badges: Partial<Record<string, number>> = { messageV2: pub.unreadMessage, rewardCenter: pub.availablePromoCount };
  return (
    <div className="member" data-testid="member-centre">
      <nav className="member-menu">
        <h1>{t('title')}</h1>
        <p className="member-account">{t('account', { account: login.userInfo?.userName ?? '' })}</p>
        {MEMBER_PAGES.map((p) => (
          <NavLink key={p} to={`/member/${p}`}>
            {t(`pages.${p}`)} <Badge count={badges[p] ?? 0} />
          </NavLink>
        ))}
      </nav>
      <div className="member-content">
        <Routes>
          <Route index element={<Navigate to="securityCenter" replace />} />
          <Route path=":page/*" element={<MemberPage />} />
        </Routes>
      </div>
    </div>
  );
}
