import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './httpClient.ts';

export const dataProvider = simpleRestProvider('/api/admin', httpClient);
