// Public entry of viewing as a creator (decision 011): the banner and end button in the layout, the view
// state, and the hook the admin users screens start it with.
export {
  EndImpersonationButton,
  ImpersonationBanner,
  useImpersonationView,
  useStartImpersonation,
} from './impersonation';
