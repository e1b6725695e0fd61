import { ComingSoonPage } from '../components/coming-soon';

/** Delivered by a later issue; until then a real page frame that says what is coming. */
export function Component() {
  return <ComingSoonPage page="myData" />;
}
