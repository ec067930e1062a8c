import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { requestPasswordResetSchema } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { toast } from '../../hooks/use-toast';
import { useRequestPasswordReset } from './api';

export function ForgotPasswordDialog({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [open, setOpen] = useState(false);
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { username: '' },
  });

  const onOpenChange = (next: boolean) => {
    if (next) form.reset({ username: defaultEmail });
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Check your email',
          description: "If an account exists with this email, you'll receive password reset instructions.",
        });
        setOpen(false);
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to send reset email. Please try again.',
        });
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Forgot Password?
        </button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset Password</DialogTitle>
          <DialogDescription>
            Enter your email address and we'll send you instructions to reset your password.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            // The dialog is portalled out of the login form in the DOM but not in React's tree, where
            // submit events would still bubble up to the login form.
            onSubmit={(event) => {
              event.stopPropagation();
              void onSubmit(event);
            }}
            className="grid gap-5"
            noValidate
          >
            <FormField
              control={form.control}
              name="username"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input
                      type="email"
                      autoComplete="email"
                      inputMode="email"
                      placeholder="you@example.com"
                      {...field}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="submit" loading={request.isPending} className="w-full sm:w-auto">
                Send Reset Instructions
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
