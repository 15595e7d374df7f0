import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Game } from '@khela/api';
import { Modal } from '@khela/ui';
import { NS } from '../i18n';
import { fetchGameList } from '../lib/api';
import { useAsync } from '../hooks/useAsync';
import { useLang } from '../hooks/useLang';
import { vendorPopupAtom } from '../hooks/useLaunch';
import { GameGrid } from './GameGrid';
import { Pagination } from './Pagination';

/** The vendor popup list a VASSALAGE entry opens: that vendor's games of the type, page by page. */
export default function VendorPopup({ entry }: { entry: Game }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const close = useSetAtom(vendorPopupAtom);
  const [page, setPage] = useState(1);
  const list = useAsync(
    (signal) => fetchGameList({ gameType: entry.gameType, vassalage: entry.vassalage, pageNo: page, language: lang }, signal),
    [entry.nodeId, page, lang],
  );
  const games = list.data?.games.filter((g) => g.isGame !== 'VASSALAGE');
  return (
    <Modal title={entry.displayName} onClose={() => close(null)} testId="vendor-popup" wide>
      <GameGrid games={games} loading={list.loading} error={list.error} onRetry={list.reload} empty={t('noGames')} />
      <Pagination
        page={page}
        totalPages={list.data?.totalPages ?? 0}
        onPage={(p) => p >= 1 && p <= (list.data?.totalPages ?? 0) && setPage(p)}
      />
    </Modal>
  );
}
