export { createHashRouter, type HashRouter, type RouterState } from './hash-router';
export { useLocation, useNavigate, useSearchParams } from './hooks';
export { Link, Navigate, NavLink, type LinkProps } from './links';
export { Outlet, RouterProvider } from './router-provider';
export { redirect, replace, type Guard, type Redirect, type Route } from './routes';
