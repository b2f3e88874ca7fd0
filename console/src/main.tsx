import { render } from 'preact';
import { App } from './app';
import { loadConfig } from './config';
import { startLanguage } from './i18n';
import './styles.css';

/** Reads /admin/config.json first (API URL, shop, sign-in kind), then starts the app. */
async function start(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) return;
  const language = startLanguage();
  try {
    const config = await loadConfig();
    root.textContent = '';
    render(<App config={config} language={language} />, root);
  } catch (error) {
    root.textContent = `The console could not start: ${(error as Error).message}`;
  }
}

void start();
