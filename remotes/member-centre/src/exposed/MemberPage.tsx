import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading } from '@khela/ui';
import { NS } from '../i18n';
import { PAGE_COMPONENTS, isMemberPage } from '../pages';
import '../member.css';

/**
 * One member-centre page on its own, without the member centre's menu: another layout shows it
 * (the agent centre's deposit, withdraw and platform messages pages, issue 11). The page is the
 * same component, in the same chunk, as under /member/<page>.
 */
export default function MemberPage({ page }: { page: string }) {
  const { t } = useTranslation(NS);
  const Page = isMemberPage(page) ? PAGE_COMPONENTS[page] : undefined;
  return (
    <div className="member-embedded" data-testid={`member-embedded-${page}`}>
      {Page ? (
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      ) : (
        <EmptyState>{t('unknownPage')}</EmptyState>
      )}
    </div>
  );
}
