import { Button } from './button';

/** The small "PDF" button of a document row; its accessible name says which document it downloads. */
export const PdfButton = ({
  documentNumber,
  loading,
  onClick,
  className = 'px-2!',
}: {
  documentNumber: string;
  loading: boolean;
  onClick: () => void;
  className?: string;
}) => (
  <Button variant="ghost" size="sm" className={className} loading={loading} aria-label={`Download PDF of ${documentNumber}`} onClick={onClick}>
    PDF
  </Button>
);
