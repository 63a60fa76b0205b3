/**
 * The PayPal REST objects paypal-local keeps and answers with, in the shapes of PayPal's
 * Catalog Products v1, Subscriptions v1 and Webhooks v1 APIs (only the fields it implements).
 */
export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
}

export interface Product {
  id: string;
  name: string;
  description?: string;
  type: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
  category?: string;
  image_url?: string;
  home_url?: string;
  create_time: string;
  update_time: string;
}

export type IntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface BillingCycle {
  frequency: { interval_unit: IntervalUnit; interval_count: number };
  tenure_type: 'REGULAR';
  sequence: number;
  total_cycles: number;
  pricing_scheme: { version: number; fixed_price: Money; create_time: string; update_time: string };
}

export interface PaymentPreferences {
  auto_bill_outstanding: boolean;
  setup_fee_failure_action: 'CONTINUE' | 'CANCEL';
  payment_failure_threshold: number;
  setup_fee?: Money;
}

export interface Plan {
  id: string;
  product_id: string;
  name: string;
  description?: string;
  status: 'CREATED' | 'ACTIVE' | 'INACTIVE';
  usage_type: 'LICENSED';
  billing_cycles: BillingCycle[];
  payment_preferences: PaymentPreferences;
  quantity_supported: boolean;
  create_time: string;
  update_time: string;
}

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface Subscription {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  status_update_time: string;
  status_change_note?: string;
  start_time: string;
  quantity: string;
  custom_id?: string;
  plan_overridden: boolean;
  subscriber?: {
    email_address?: string;
    payer_id?: string;
    name?: { given_name?: string; surname?: string };
  };
  billing_info?: {
    outstanding_balance: Money;
    cycle_executions: {
      tenure_type: 'REGULAR';
      sequence: number;
      cycles_completed: number;
      cycles_remaining: number;
      current_pricing_scheme_version: number;
      total_cycles: number;
    }[];
    last_payment?: { amount: Money; time: string };
    last_failed_payment?: { amount: Money; time: string; reason_code: string; next_payment_retry_time?: string };
    next_billing_time?: string;
    final_payment_time?: string;
    failed_payments_count: number;
  };
  create_time: string;
  update_time: string;
}

export interface Transaction {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount_with_breakdown: { gross_amount: Money; fee_amount: Money; net_amount: Money };
  payer_name: { given_name: string; surname: string };
  payer_email: string;
  time: string;
}

/** A refund of a subscription's payment (Payments v2; the payment's transaction id is the capture id). */
export interface Refund {
  id: string;
  capture_id: string;
  amount: Money;
  status: 'COMPLETED';
  invoice_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money; total_refunded_amount: Money };
  create_time: string;
  update_time: string;
}

export interface Webhook {
  id: string;
  url: string;
  event_types: { name: string; description?: string }[];
}

export interface WebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: Link[];
}
