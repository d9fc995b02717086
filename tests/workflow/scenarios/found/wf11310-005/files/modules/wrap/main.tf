variable "input" {
  type    = any
  default = null
}

resource "terraform_data" "this" {
  input = var.input
}

output "id" {
  value = terraform_data.this.id
}

output "output" {
  value = terraform_data.this.output
}
