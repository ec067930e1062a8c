import { Badge } from '../../components/ui/badge';
import { userStatusTone } from './users-selectors';

/** active green, suspended amber, deleted red. */
export function UserStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={userStatusTone(status)} className="capitalize">
      {status}
    </Badge>
  );
}
