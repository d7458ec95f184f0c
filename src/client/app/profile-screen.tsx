import { ProfilesCard } from '../features/family/profiles-card.tsx';
import { ProfilePage } from '../features/users/profile-page.tsx';

/** Profilo, with the family's 'Profili' at its top (features do not import each other: the app joins them). */
export function ProfileScreen() {
  return <ProfilePage profilesOf={(user) => <ProfilesCard user={user} />} />;
}
