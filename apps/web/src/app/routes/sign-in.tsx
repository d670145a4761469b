import { AuthLayout } from '@/components/auth-layout';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { DocumentTitle } from '@/components/document-title';

export default function SignInRoute() {
  return (
    <AuthLayout>
      <DocumentTitle prefix="Sign in" />
      <SignInForm />
    </AuthLayout>
  );
}
