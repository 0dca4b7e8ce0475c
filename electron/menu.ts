/** The application menu: app (File on Windows/Linux), Edit, View, Window, Help. */
import { app, Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openDataFolder(): void;
  /** Opens the web studio (the same UI, served by the engine) in the OS browser. */
  openWebStudio(): void;
}

export function buildAppMenu(actions: MenuActions): Menu {
  const isMac = process.platform === 'darwin';
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const appMenu: MenuItemConstructorOptions = isMac
    ? { role: 'appMenu' }
    : { label: 'File', submenu: [{ role: 'about' }, separator, { role: 'quit' }] };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { label: 'Open Data Folder', click: () => actions.openDataFolder() },
      { label: 'Open Web Studio in Browser', click: () => actions.openWebStudio() },
    ],
  };
  return Menu.buildFromTemplate([
    appMenu,
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
    help,
  ]);
}
