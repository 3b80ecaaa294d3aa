import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TextSize, useFontSize } from './TextSize';

function Sized() {
  const font = useFontSize();
  return (
    <>
      <TextSize font={font} />
      <p data-testid="text" style={{ fontSize: `${font.size}px` }} />
    </>
  );
}
const size = () => screen.getByTestId('text').style.fontSize;

describe('TextSize', () => {
  it('steps through the five sizes, stops at each end and is remembered on the device', () => {
    const view = render(<Sized />);
    expect(size()).toBe('17px');
    const smaller = screen.getByRole('button', { name: 'Smaller text' });
    const larger = screen.getByRole('button', { name: 'Larger text' });
    fireEvent.click(smaller);
    expect(size()).toBe('15px');
    expect(smaller).toHaveProperty('disabled', true);
    for (let i = 0; i < 6; i++) fireEvent.click(larger);
    expect(size()).toBe('25px');
    expect(larger).toHaveProperty('disabled', true);
    fireEvent.click(smaller);
    expect(size()).toBe('22px');
    view.unmount();
    render(<Sized />);
    expect(size()).toBe('22px');
  });

  it('ignores a stored size that is not one of its own', () => {
    localStorage.setItem('lectern.articleFontSize', '400');
    render(<Sized />);
    expect(size()).toBe('17px');
  });
});
