variable "name" {
  type = string
  default = "alpha"
}

variable "name1" {
  type = string
  default = "alpha"
  sensitive = true

  validation {
    condition     = length(var.name1) > 1
    error_message = "The name1 value is out of range."
  }
}
