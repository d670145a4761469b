import { AuthLayout } from '@/components/auth-layout';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { DocumentTitle } from '@/components/document-title';

export default function SignUpRoute() {
  return (
    <AuthLayout>
      <DocumentTitle prefix="Sign up" />
      <SignUpForm />
    </AuthLayout>
  );
}
