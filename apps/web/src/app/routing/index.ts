export { createHashRouter } from './hash-router';
export { useLocation, useNavigate, useSearchParams } from './hooks';
export { Link, Navigate, NavLink } from './links';
export { Outlet, RouterProvider } from './router-provider';
export { redirect, replace, type Guard, type Route } from './routes';
