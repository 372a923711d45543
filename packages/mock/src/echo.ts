// Where the contract ties a response field to the request, the mock makes it so: Prism serves static
// examples, which cannot know the request. One entry per rule the contract states.
type Echo = (body: Record<string, unknown>, params: Readonly<Record<string, string>>) => void;

export const echoes: Record<string, Echo> = {
  // §4.18: "id equals the :id from the path".
  refundPix(body, params) {
    const refund = body.refund;
    if (refund && typeof refund === 'object' && params.id !== undefined) {
      (refund as Record<string, unknown>).id = params.id;
    }
  },
};
