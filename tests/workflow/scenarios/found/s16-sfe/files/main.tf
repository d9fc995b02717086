variable "s" {
  type      = string
  default   = "abc"
  sensitive = true
}
resource "terraform_data" "c" {
  for_each = toset([var.s])
}
