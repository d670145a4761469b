import { AuthLayout } from '@/components/auth-layout';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SignUpRoute() {
  useDocumentTitle('Sign up');
  return (
    <AuthLayout>
      <SignUpForm />
    </AuthLayout>
  );
}
