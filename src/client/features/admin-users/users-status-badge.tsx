import { Badge } from '../../components/ui/badge';
import { userStatusTone } from './users-selectors';

/** active green, suspended amber, deleted red (spec section 4, "User status"). */
export function UserStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={userStatusTone(status)} className="capitalize">
      {status}
    </Badge>
  );
}
