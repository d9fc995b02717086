variable "in" {
  type    = string
  default = "boxed"
}

variable "n" {
  type    = number
  default = 1

  validation {
    condition     = var.n >= 0
    error_message = "n must not be negative."
  }
}

resource "terraform_data" "item" {
  count = var.n
  input = "${var.in}-${count.index}"
}

resource "terraform_data" "tag" {
  input           = var.in
  triggers_replace = [var.n]
}

output "ids" {
  value = terraform_data.item[*].id
}

output "output" {
  value = terraform_data.tag.output
}
