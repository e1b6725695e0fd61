import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { RequireLogin } from '../features/account/components/require-login';
import { MyCollection } from '../features/collection/components/my-collection';

/**
 * `/user/collection` (issue 25): every fish of the game caught or not yet by the player's logger, the progress per
 * map, and the switch of its public page; visitors are sent to the login page and back.
 */
export function Component() {
  const { t } = useTranslation(['common', 'collection', 'account']);
  return (
    <PageFrame
      title={t('pages.collection.title')}
      description={t('collection:description')}
      size="lg"
      meta={{ noindex: true }}
    >
      <RequireLogin>{(user) => <MyCollection user={user} />}</RequireLogin>
    </PageFrame>
  );
}
