import { AuthLayout } from '@/components/auth-layout';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SignInRoute() {
  useDocumentTitle('Sign in');
  return (
    <AuthLayout>
      <SignInForm />
    </AuthLayout>
  );
}
