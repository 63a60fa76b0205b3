import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadInterfaceLanguage } from './providers/interfaceLanguage.ts';

// The first screen is drawn in the right language rather than switching after a flash of English.
void loadInterfaceLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
