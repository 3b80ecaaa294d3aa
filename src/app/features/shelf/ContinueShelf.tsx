// Home's first shelf for a signed-in reader: the issues they started, newest first. A chunk of
// its own (home's first load stays within its budget); nothing shows until there is something.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Scroller } from '../../components/Scroller';
import { useLocalePath } from '../../components/useLocalePath';
import { useOpenIssue } from '../reader/useOpenIssue';
import { ContinueTile } from './ContinueTile';
import { continueQuery } from './queries';
import { SHELF_PATH } from './paths';
import './shelf.css';

export default function ContinueShelf() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const items = useQuery(continueQuery()).data ?? [];
  const { open, dialog } = useOpenIssue();
  if (items.length === 0) return null;
  return (
    <>
      <Scroller id="continueReading" title={t('myShelf.continue')} count={items.length} viewAll={to(SHELF_PATH)}>
        {items.map((item) => (
          <ContinueTile key={item.issueId} item={item} onOpen={(id, page) => void open(id, page)} place="shelf" />
        ))}
      </Scroller>
      {dialog}
    </>
  );
}
