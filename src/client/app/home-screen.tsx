import { HomePage } from '../features/home/home-page.tsx';
import { RaduniHomeCard } from '../features/raduni/raduni-home-card.tsx';

/** Home, with 'Raduni vicino a te' (features do not import each other: the app joins them). */
export function HomeScreen() {
  return <HomePage raduni={<RaduniHomeCard />} />;
}
