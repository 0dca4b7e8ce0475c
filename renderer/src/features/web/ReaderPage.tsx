/** The article reader: articles narrated by any voice of the catalog, with their players. */
import { ReaderPanel } from './ReaderPanel.tsx';

export function ReaderPage() {
  return <ReaderPanel />;
}
