variable "size" {
  type = number
  default = 2
}

variable "name" {
  type = string
  description = "A variable."
  default = "alpha"
  sensitive = true
  nullable = false

  validation {
    condition     = length(var.name) > 1
    error_message = "The name value is out of range."
  }
}
