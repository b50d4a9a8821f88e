import { notFound, type Obj, type PosHandler, type PosState } from '../state.ts';

/** A location as Pos answers it, from what a create or seed gives. */
export function newLocation(state: PosState, fields: Obj): Obj {
  return {
    id: state.id('L'),
    status: 'ACTIVE',
    currency: 'USD',
    country: 'US',
    timezone: 'America/New_York',
    merchant_id: 'MLOUISELOCAL',
    created_at: state.isoNow(),
    capabilities: ['CREDIT_CARD_PROCESSING'],
    type: 'PHYSICAL',
    ...fields,
  };
}

function found(state: PosState, id: string | undefined): Obj {
  const location = state.table('locations').get(id ?? '');
  if (!location) throw notFound('Location', 'location_id');
  return location;
}

/** The fake's location operations, keyed by OpenAPI operation id. */
export const locationsHandlers: Record<string, PosHandler> = {
  ListLocations: ({ state }) => ({ body: { locations: [...state.table('locations').values()] } }),
  RetrieveLocation: ({ state, params }) => ({ body: { location: found(state, params['location_id']) } }),
  CreateLocation: ({ state, body }) => {
    const location = newLocation(state, (body['location'] as Obj | undefined) ?? {});
    state.table('locations').set(location['id'] as string, location);
    return { body: { location } };
  },
  UpdateLocation: ({ state, params, body }) => {
    const location = found(state, params['location_id']);
    Object.assign(location, body['location'] as Obj);
    return { body: { location } };
  },
};
