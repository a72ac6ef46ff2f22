import { useParams } from 'wouter';

import { ProfilePage } from '@/features/ratings/components/profile-page';

/** `/@/:username`: a player's ratings per speed, a rating-history chart per speed, their events. */
export const ProfileRoute = () => {
  const { username = '' } = useParams();
  return <ProfilePage username={username} />;
};
