// /farms: the farm page with the weather card at the top of its overview (features do not import each other).
import { FarmsPage } from '../features/farms/components/farms-page';
import { FarmWeatherCard } from '../features/weather/components/farm-weather-card';

export function FarmsScreen() {
  return <FarmsPage topCard={FarmWeatherCard} />;
}
