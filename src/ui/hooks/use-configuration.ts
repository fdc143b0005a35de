import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectResourceValue } from '../../machines/kernel/resource.selectors';
import { useConfigurationRef } from './use-app-actor';

/**
 * The supplier configuration (logos, site name), loaded the first time a screen needs it.
 * `resource.load` is a no-op once loaded, so every screen may ask.
 */
export function useConfiguration() {
  const configuration = useConfigurationRef();
  useEffect(() => {
    configuration.send({ type: 'resource.load' });
  }, [configuration]);
  return useSelector(configuration, selectResourceValue);
}
