// The configuration and a customer's pickup the sign-in session's tests share.

export const config = {
  publicUrl: 'https://bank.example',
  basePath: '/bank',
  productId: 'anybank',
};

export const CUSTOMER_PICKUP = {
  anybankUserType: 'customer',
  Email: 'jane.doe@example.com',
  subject: 'jane.doe',
  FirstName: 'Jane',
  LastName: 'Doe',
  uid: 'u-1',
  street: '1 Main St',
  city: 'Springfield',
  postalCode: '12345',
  mobile: '+15551234567',
  authnPreference: 'Password',
  accts: '[]',
};
