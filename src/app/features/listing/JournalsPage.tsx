// /journals: section 52 in every language.
import MagazinesPage from './MagazinesPage';

export default function JournalsPage() {
  return <MagazinesPage journals />;
}
