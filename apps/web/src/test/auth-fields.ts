// For tests: a form field by its label, whether or not the label carries the required mark (' *').
import { screen } from '@testing-library/react';

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const labelled = (label: string) => new RegExp(`^${escapeForRegExp(label)}( \\*)?$`);

export const field = (label: string) => screen.getByLabelText(labelled(label));
export const findField = (label: string) => screen.findByLabelText(labelled(label));
